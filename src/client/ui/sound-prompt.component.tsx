import { useTranslation } from 'react-i18next';
import { Volume2 } from 'lucide-react';
import { Button } from './button.component';

/**
 * The one prompt a full-screen player (Learn, the audiobook) shows when the browser refused to start sound
 * until the learner touches the page (docs/product/learn.md#sound-blocked). Its button is that touch:
 * playback resumes at the refused voice.
 */
export function SoundPrompt({ onResume }: { onResume: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="absolute inset-x-4 top-1/3 z-30 mx-auto flex max-w-sm flex-col items-center gap-3 rounded-2xl bg-black/80 p-5 text-center shadow-lg backdrop-blur"
    >
      <p className="text-lg font-semibold">{t('soundBlocked.label')}</p>
      <p className="text-sm text-white/80">{t('soundBlocked.hint')}</p>
      <Button size="lg" onClick={onResume}>
        <Volume2 aria-hidden />
        {t('soundBlocked.action')}
      </Button>
    </div>
  );
}
