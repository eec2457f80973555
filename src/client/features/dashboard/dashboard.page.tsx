import { useTranslation } from 'react-i18next';
import { ProgressPanel } from '../../ui/progress-panel.component';
import { HistoryCharts } from './components/history-charts.component';

/**
 * The progress panel and progress over time (docs/product/overview.md#routes,
 * docs/product/progress.md#progress-over-time).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('pages.dashboardTitle')}</h1>
      <ProgressPanel />
      <h2 className="text-2xl font-semibold tracking-tight">{t('dashboard.chartsTitle')}</h2>
      <HistoryCharts />
    </div>
  );
}
