import { useId, useState } from 'react';
import { CAR_COPY, CAR_RUNS } from '~/data/car-transport';
import { QUOTE_LABELS } from '~/data/quote-labels';
import { Choices, ContactFields, LeadSent, SendRow, TextField, useCallbackRequest } from './LeadFields';
import { $wizard } from './store';

type Field = 'name' | 'phone' | 'email' | 'car.vehicle' | 'car.runs' | 'car.from' | 'car.to';

/** Car transport is priced on request, so this is sent as a call-back request carrying the car. */
export default function CarForm() {
  const id = useId();
  const answers = $wizard.get();
  const [vehicle, setVehicle] = useState('');
  const [runs, setRuns] = useState('');
  const [from, setFrom] = useState(() => answers.fromPostcode);
  const [to, setTo] = useState(() => answers.toPostcode);
  const [name, setName] = useState(() => answers.name);
  const [phone, setPhone] = useState(() => answers.phone);
  const [email, setEmail] = useState(() => answers.email);
  const { errors, state, send: sendRequest } = useCallbackRequest<Field>();

  if (state.status === 'sent') {
    return (
      <LeadSent title={CAR_COPY.sentTitle} reference={state.reference} marker="data-car-sent">
        {CAR_COPY.sent}
      </LeadSent>
    );
  }

  const send = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const body = { name, phone, ...(email.trim() ? { email } : {}), car: { vehicle, runs, from, to } };
    await sendRequest(body);
  };

  return (
    <form className="space-y-4" noValidate onSubmit={send} aria-labelledby="quote-step-title" data-car-form>
      <p className="text-ink">{CAR_COPY.intro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-vehicle`}
          label={QUOTE_LABELS.carVehicle}
          hint={CAR_COPY.vehicleHint}
          value={vehicle}
          error={errors['car.vehicle']}
          onChange={setVehicle}
        />
        <Choices
          id={`${id}-runs`}
          legend={CAR_COPY.runsLegend}
          options={CAR_RUNS}
          value={runs}
          error={errors['car.runs']}
          onChange={setRuns}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-from`} label={QUOTE_LABELS.carFrom} value={from} error={errors['car.from']} onChange={setFrom} />
        <TextField id={`${id}-to`} label={QUOTE_LABELS.carTo} value={to} error={errors['car.to']} onChange={setTo} />
      </div>
      <ContactFields
        id={id}
        labels={{ name: QUOTE_LABELS.carName, phone: QUOTE_LABELS.carPhone }}
        name={name}
        phone={phone}
        email={email}
        errors={errors}
        onName={setName}
        onPhone={setPhone}
        onEmail={setEmail}
      />
      <SendRow state={state} label={CAR_COPY.button} />
    </form>
  );
}
