/** What /office/settings shows (issue 40 item 7): every setting as the form holds it, what it is until set, and the changes. */
import {
  defaultSettings,
  SETTINGS_NOTICES,
  settingsForm,
  type FirmSettings,
  type SettingsForm,
  type SettingsNotice,
} from '~/lib/office/settings';
import { site } from '~/site.config';
import type { Env } from '../env';
import { config } from '../lib/config';
import { firmSettings, settingsHistory, type SettingChange } from '../lib/office/settings';

/** A refused post, shown again: what was typed, and each problem by its field (`form` for none). */
export interface SettingsPageState {
  form?: SettingsForm;
  errors: Record<string, string>;
}

export interface SettingsView {
  form: SettingsForm;
  /** Today's values, shown as what a setting is until the owner sets it. */
  defaults: FirmSettings;
  errors: Record<string, string>;
  notice: string | undefined;
  history: SettingChange[];
  /** The phone number the website's own pages were built with (they change with the next deploy). */
  websitePhone: string;
}

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
