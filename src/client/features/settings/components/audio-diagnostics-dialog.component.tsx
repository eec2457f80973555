import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleAlert, CircleCheck, CircleX, Info, Stethoscope } from 'lucide-react';
import type { Voice } from '../../../../shared/api/providers';
import type { Settings } from '../../../../shared/api/settings';
import { cn } from '../../../lib/cn';
import { voiceDisplayName } from '../../../lib/voice-name';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../ui/dialog.component';
import { useSentencesWithoutAudio } from '../api/sentences-without-audio.api';
import { useVoices } from '../api/voices.api';
import {
  type DiagnosticFinding,
  type DiagnosticSeverity,
  diagnoseAudio,
  overallSeverity,
  sortBySeverity,
} from '../lib/audio-diagnostics';

const SEVERITY_STYLE: Record<DiagnosticSeverity, { Icon: typeof CircleCheck; className: string }> = {
  ok: { Icon: CircleCheck, className: 'text-green-700 dark:text-green-400' },
  info: { Icon: Info, className: 'text-sky-700 dark:text-sky-400' },
  warning: { Icon: CircleAlert, className: 'text-amber-700 dark:text-amber-400' },
  error: { Icon: CircleX, className: 'text-destructive dark:text-red-400' },
};

interface AudioDiagnosticsDialogProps {
  settings: Settings;
}

/**
 * The settings-side check of the audio setup (docs/product/audiobooks.md#audio-diagnostics), opened from the
 * Audio tab.
 */
export function AudioDiagnosticsDialog({ settings }: AudioDiagnosticsDialogProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const voices = useVoices();
  // The learner's audiobook sentences still without audio; the rule waits until the count is known.
  const withoutAudio = useSentencesWithoutAudio({ isEnabled: isOpen });
  const findings = sortBySeverity(
    diagnoseAudio({ settings, voices: voices.data, sentencesWithoutAudio: withoutAudio.data?.count }),
  );
  const overall = overallSeverity(findings);
  const OverallIcon = SEVERITY_STYLE[overall].Icon;

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Stethoscope aria-hidden />
          {t('settingsProviders.audio.diagnosticsOpen')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('settingsProviders.common.close')}>
        <DialogHeader>
          <DialogTitle>{t('settingsProviders.diagnostics.title')}</DialogTitle>
          <DialogDescription>{t('settingsProviders.diagnostics.description')}</DialogDescription>
        </DialogHeader>
        <p
          role="status"
          className={cn('flex items-center gap-2 font-medium', SEVERITY_STYLE[overall].className)}
        >
          <OverallIcon className="size-5" aria-hidden />
          {t(`settingsProviders.diagnostics.overall.${overall}`)}
        </p>
        <ul className="flex flex-col gap-3">
          {findings.map((finding) => (
            <FindingItem key={finding.id} finding={finding} voices={voices.data} />
          ))}
        </ul>
        <Button variant="link" asChild className="justify-self-start px-0">
          <Link to="/audio-test">{t('settingsProviders.diagnostics.openTestPage')}</Link>
        </Button>
      </DialogContent>
    </Dialog>
  );
}

function FindingItem({
  finding,
  voices,
}: {
  finding: DiagnosticFinding;
  voices: readonly Voice[] | undefined;
}) {
  const { t } = useTranslation();
  const { Icon, className } = SEVERITY_STYLE[finding.severity];
  const nameOf = (voiceId: string) => {
    const voice = voices?.find((listed) => listed.voice_id === voiceId);
    return voice ? voiceDisplayName(t, voice) : voiceId;
  };

  let text: string;
  switch (finding.id) {
    case 'voicesNeedKey':
    case 'voicesMissing':
      text = t(`settingsProviders.diagnostics.findings.${finding.id}`, {
        voices: finding.voiceIds.map(nameOf).join(', '),
      });
      break;
    case 'sentencesWithoutAudio':
      text = t('settingsProviders.diagnostics.findings.sentencesWithoutAudio', { count: finding.count });
      break;
    default:
      text = t(`settingsProviders.diagnostics.findings.${finding.id}`);
  }

  return (
    <li className="flex items-start gap-3">
      <Icon className={cn('mt-0.5 size-5 shrink-0', className)} aria-hidden />
      <div className="flex flex-col gap-0.5">
        <span className={cn('text-xs font-semibold uppercase tracking-wide', className)}>
          {t(`settingsProviders.diagnostics.severity.${finding.severity}`)}
        </span>
        <span className="text-sm">{text}</span>
      </div>
    </li>
  );
}
