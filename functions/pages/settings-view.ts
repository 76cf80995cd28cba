/** What /office/settings shows (issue 40 item 7): every setting as the form holds it, what it is until set, and the changes. */
import { defaultSettings, SETTINGS_NOTICES, settingsForm, type SettingsNotice } from '~/lib/office/settings';
import { site } from '~/site.config';
import type { Env } from '../env';
import { config } from '../lib/config';
import { firmSettings, settingsHistory } from '../lib/office/settings';
import type { SettingsPageState, SettingsView } from '~/lib/views/settings';

export async function settingsView(env: Env, state: SettingsPageState | undefined, done: string | null): Promise<SettingsView> {
  const [settings, history] = await Promise.all([firmSettings(env), settingsHistory(env.DB)]);
  return {
    form: state?.form ?? settingsForm(settings),
    defaults: defaultSettings(config(env).mail.business),
    errors: state?.errors ?? {},
    notice: done && Object.hasOwn(SETTINGS_NOTICES, done) ? SETTINGS_NOTICES[done as SettingsNotice] : undefined,
    history,
    websitePhone: site.phone.display,
  };
}
