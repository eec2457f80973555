import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeInterfaceLanguage, hasChosenInterfaceLanguage, isInterfaceLanguage } from '../../i18n/setup';
import { useSettings } from '../api/settings.api';
import { updateSettings } from '../api/update-settings.api';
import { queryKeys } from '../query-keys';

/**
 * The interface language follows the learner from browser to browser
 * (docs/product/settings.md#interface-language): a browser where nobody has chosen one takes the saved
 * setting, and a language chosen in this browser (landing page, user menu or Settings) is saved for the
 * others. Each language is sent once per page, so a refused save never loops.
 */
export function useInterfaceLanguageSync(): void {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const { data: settings } = useSettings();
  const savedLanguage = settings?.interfaceLanguage;
  const shownLanguage = i18n.language;
  const sent = useRef(new Set<string>());

  useEffect(() => {
    if (savedLanguage === undefined || !isInterfaceLanguage(shownLanguage)) return;
    if (shownLanguage === savedLanguage) return;
    if (!hasChosenInterfaceLanguage()) {
      void changeInterfaceLanguage(savedLanguage);
      return;
    }
    if (sent.current.has(shownLanguage)) return;
    sent.current.add(shownLanguage);
    updateSettings({ interfaceLanguage: shownLanguage }).then(
      (saved) => queryClient.setQueryData(queryKeys.settings, saved),
      (error: unknown) => console.warn('[settings] interface language not saved', error),
    );
  }, [savedLanguage, shownLanguage, queryClient]);
}
