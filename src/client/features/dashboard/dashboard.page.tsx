import { useTranslation } from 'react-i18next';
import { ProgressPanel } from '../../ui/progress-panel.component';

/** The progress panel on its own (docs/product/overview.md#routes). */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('pages.dashboardTitle')}</h1>
      <ProgressPanel />
    </div>
  );
}
