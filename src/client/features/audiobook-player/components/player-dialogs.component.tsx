import type { Series } from '../../../../shared/api/audiobook-player';
import type { Sentence } from '../../../../shared/api/audiobooks';
import type { useSeriesActions } from '../hooks/series-actions.hook';
import { AudioStatusDialog } from './audio-status-dialog.component';
import { RevoiceDialog } from './revoice-dialog.component';
import { AiSeriesDialog, AutoCompleteDialog, NewSeriesDialog } from './series-dialogs.component';

/** The player's dialogs; at most one is open. */
export type PlayerDialog = 'audioStatus' | 'revoice' | 'ai' | 'newSeries' | 'autoComplete';

interface PlayerDialogsProps {
  bookId: number;
  open: PlayerDialog | null;
  onOpen: (dialog: PlayerDialog | null) => void;
  /** The sentence shown, which the AI dialog's samples draw. */
  sentence: Sentence;
  /** Series with pictures missing and no job drawing them: what auto-complete fills in. */
  incompleteSeries: readonly Series[];
  seriesActions: ReturnType<typeof useSeriesActions>;
}

/**
 * The dialogs the player's menus open (docs/product/audiobooks.md#audio-status,
 * docs/product/audiobooks.md#illustration-series): audio status, re-voicing, the two ways to make a series,
 * and auto-complete.
 */
export function PlayerDialogs({
  bookId,
  open,
  onOpen,
  sentence,
  incompleteSeries,
  seriesActions,
}: PlayerDialogsProps) {
  const openChange = (dialog: PlayerDialog) => (isOpen: boolean) => onOpen(isOpen ? dialog : null);
  return (
    <>
      <AudioStatusDialog
        bookId={bookId}
        isOpen={open === 'audioStatus'}
        onOpenChange={openChange('audioStatus')}
      />
      <RevoiceDialog bookId={bookId} isOpen={open === 'revoice'} onOpenChange={openChange('revoice')} />
      <AiSeriesDialog
        isOpen={open === 'ai'}
        availableProviders={seriesActions.availableProviders}
        defaultProvider={seriesActions.bestProvider}
        sentence={sentence}
        isStarting={seriesActions.isStarting}
        onOpenChange={openChange('ai')}
        onChoose={seriesActions.chooseAiStyle}
      />
      <NewSeriesDialog
        isOpen={open === 'newSeries'}
        availableProviders={seriesActions.availableProviders}
        defaultProvider={seriesActions.bestProvider}
        isCreating={seriesActions.isStarting}
        onOpenChange={openChange('newSeries')}
        onCreate={seriesActions.create}
      />
      <AutoCompleteDialog
        isOpen={open === 'autoComplete'}
        series={incompleteSeries}
        seriesName={seriesActions.seriesName}
        onOpenChange={openChange('autoComplete')}
        onConfirm={() => seriesActions.autoComplete(() => onOpen(null))}
      />
    </>
  );
}
