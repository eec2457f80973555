import { shownTheme } from '../../shared/catalogs/appearance';
import { useSettings } from '../lib/api/settings.api';
import { useInterfaceLanguageSync } from '../lib/hooks/interface-language-sync.hook';
import { useTimeZoneSync } from '../lib/hooks/time-zone-sync.hook';
import { useAppearanceSync } from './appearance-sync.hook';
import { useSessionRenewal } from './session-renewal.hook';

/**
 * What the app keeps in step while a learner is signed in: the saved appearance, the browser's time zone and
 * interface language, and the session. A chunk of its own, loaded once the server says someone is signed in,
 * so a visitor's first page carries neither the settings schema nor the renewal
 * (docs/product/overview.md#serving-the-client). Renders nothing.
 */
export function SignedInSync() {
  const { data: settings } = useSettings();
  useAppearanceSync(
    settings && {
      theme: shownTheme(settings),
      colorScheme: settings.colorScheme,
      fontColorScheme: settings.fontColorScheme,
      fontSize: settings.fontSize,
    },
  );
  useTimeZoneSync();
  useInterfaceLanguageSync();
  useSessionRenewal();
  return null;
}
