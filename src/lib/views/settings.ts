/** The owner's settings page (functions/pages/settings-view.ts builds it): data only. */
import type { FirmSettings, SettingsForm } from '~/lib/office/settings';

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

export interface SettingChange {
  at: string;
  actor: string;
  detail: string;
}
