import { useId, useState } from 'react';
import { SURVEY_COPY, SURVEY_SIZES, SURVEY_TYPES, type SurveySize } from '~/data/survey';
import { Choices, ContactFields, LeadSent, SendRow, useCallbackRequest } from './LeadFields';
import { $wizard } from './store';

type Field = 'name' | 'phone' | 'email' | 'survey.size' | 'survey.type';

/** Sent as a call-back request carrying the survey. */
export default function SurveyForm({ preset }: { preset: { size: SurveySize } | null }) {
  const id = useId();
  const [size, setSize] = useState<string>(preset?.size ?? '');
  // A size card pressed while the form is open (each press is a new preset, even the same card again): that size,
  // keeping what was typed (React's adjust-on-render pattern).
  const [lastPreset, setLastPreset] = useState(preset);
  if (preset !== lastPreset) {
    setLastPreset(preset);
    if (preset) setSize(preset.size);
  }
  const [type, setType] = useState('');
  const [name, setName] = useState(() => $wizard.get().name);
  const [phone, setPhone] = useState(() => $wizard.get().phone);
  const [email, setEmail] = useState(() => $wizard.get().email);
  const { errors, state, send: sendRequest } = useCallbackRequest<Field>();

  if (state.status === 'sent') {
    return (
      <LeadSent title="Survey call requested" reference={state.reference} marker="data-survey-sent">
        {SURVEY_COPY.sent}
      </LeadSent>
    );
  }

  const send = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const postcode = $wizard.get().fromPostcode.trim();
    const body = { name, phone, ...(email.trim() ? { email } : {}), survey: { size, type, ...(postcode ? { postcode } : {}) } };
    await sendRequest(body);
  };

  return (
    <form className="mt-4 space-y-4" noValidate onSubmit={send} data-survey-form>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choices id={`${id}-size`} legend="Bedrooms" options={SURVEY_SIZES} value={size} error={errors['survey.size']} onChange={setSize} />
        <Choices id={`${id}-type`} legend="Survey" options={SURVEY_TYPES} value={type} error={errors['survey.type']} onChange={setType} />
      </div>
      <ContactFields
        id={id}
        labels={{ name: 'Full Name', phone: 'Phone Number' }}
        name={name}
        phone={phone}
        email={email}
        errors={errors}
        onName={setName}
        onPhone={setPhone}
        onEmail={setEmail}
      />
      <SendRow state={state} label={SURVEY_COPY.button} />
    </form>
  );
}
