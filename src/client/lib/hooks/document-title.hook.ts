import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the screen, so history entries and screen readers say where one is. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('common.documentTitle', { page: pageTitle });
  }, [pageTitle, t]);
}
