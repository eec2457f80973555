import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { useRevealInSlices } from '../../lib/hooks/reveal-in-slices.hook';
import { JobPanel } from './components/job-panel.component';
import { StageMonitor } from './components/stage-monitor.component';
import { UploadForm } from './components/upload-form.component';
import { UploadProgress } from './components/upload-progress.component';
import { UploadResults } from './components/upload-results.component';
import { WordStats } from './components/word-stats.component';
import { useUploadJob } from './hooks/upload-job.hook';
import { isJobActive } from '../../../shared/realtime';

/**
 * The upload screen (docs/product/upload.md#upload-screen): paste or a .txt file, a background job followed
 * over the socket and by polling, the ten-stage monitor, dictionary statistics, and the results.
 */
export function UploadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('upload.title'));
  const upload = useUploadJob();
  const { job } = upload;
  // The job panel sits above the form on a phone: the form waits for the server's answer about the last
  // upload, so the panel never pushes it down once shown.
  const isRevealed = useRevealInSlices(upload.isCurrentKnown);

  return (
    // Room at the bottom so the job panel, floating on a wide screen, never covers the end of the results.
    <div className={cn('flex flex-col gap-6', upload.isPanelOpen && 'lg:pb-48')}>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('upload.title')}</h1>
        <p className="text-muted-foreground">{t('upload.subtitle')}</p>
      </div>

      {/* In the page on a phone or tablet (above the form, never over it); floating on a wide screen. */}
      {isRevealed && job && upload.isPanelOpen ? (
        <JobPanel
          job={job}
          socketState={upload.socketState}
          isCancelling={upload.isCancelling}
          onCancel={() => void upload.cancel()}
          onClose={upload.closePanel}
        />
      ) : null}

      {isRevealed ? (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <UploadForm
              isBusy={upload.isBusy}
              autoGenerateImages={upload.autoGenerateImages}
              defaultImageStyle={upload.defaultImageStyle}
              onSubmitText={upload.submitText}
              onSubmitFile={upload.submitFile}
              returnedLines={upload.returnedLines}
            />
            {job && isJobActive(job.status) ? <UploadProgress job={job} lookup={upload.lookup} /> : null}
            {/* The report is what a finished upload is read for: before the stage table, not after it and
                the statistics (3,000 px down on a phone). Keyed by job so each upload's lists start at their
                first page again. */}
            {job?.results ? <UploadResults key={job.jobId} results={job.results} /> : null}
            <StageMonitor job={job} />
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <WordStats />
          </div>
        </div>
      ) : (
        <p role="status" className="text-muted-foreground">
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}
