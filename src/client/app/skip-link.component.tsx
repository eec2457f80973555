import { useTranslation } from 'react-i18next';

/** The first stop of the keyboard: straight to the page's content, past the header or navigation bar. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {t('common.skipToContent')}
    </a>
  );
}
