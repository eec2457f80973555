import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adoptSavedInterfaceLanguage,
  hasUnsavedInterfaceLanguage,
  isInterfaceLanguage,
  markInterfaceLanguageSaved,
} from '../../i18n/setup';
import { useSettings } from '../api/settings.api';
import { updateSettings } from '../api/update-settings.api';
import { queryKeys } from '../query-keys';

/**
 * The interface language follows the learner from browser to browser, the latest choice winning
 * (docs/product/settings.md#interface-language): a language chosen in this browser (landing page, user
 * menu or Settings) and not saved yet is saved for the others; otherwise this browser shows the saved one.
 * Each language is sent once per page, so a refused save never loops.
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
    if (!hasUnsavedInterfaceLanguage()) {
      if (shownLanguage !== savedLanguage) void adoptSavedInterfaceLanguage(savedLanguage);
      else markInterfaceLanguageSaved(savedLanguage);
      return;
    }
    if (shownLanguage === savedLanguage) {
      markInterfaceLanguageSaved(savedLanguage);
      return;
    }
    if (sent.current.has(shownLanguage)) return;
    sent.current.add(shownLanguage);
    updateSettings({ interfaceLanguage: shownLanguage }).then(
      (saved) => {
        markInterfaceLanguageSaved(saved.interfaceLanguage);
        queryClient.setQueryData(queryKeys.settings, saved);
      },
      (error: unknown) => console.warn('[settings] interface language not saved', error),
    );
  }, [savedLanguage, shownLanguage, queryClient]);
}
