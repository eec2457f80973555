import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../ui/page-placeholder.component';

/** Placeholder until the issue that builds this screen. */
export function UploadPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.uploadTitle')} />;
}
