import { useTranslation } from 'react-i18next';
import { Images, LoaderCircle, RefreshCw, Sparkles } from 'lucide-react';
import type { DictionaryWord } from '../../../lib/api/words.api';
import type { DeferredMenuSlot } from '../../../ui/deferred-menu.component';
import { DropdownMenuFromSlot, DropdownMenuItem } from '../../../ui/dropdown-menu.component';
import type { WordRowHandlers } from './word-row.component';

export interface WordRowMenuProps extends Pick<
  WordRowHandlers,
  'onRegenerateImage' | 'onRegeneratePhrase' | 'onOpenMediaLibrary'
> {
  word: DictionaryWord;
  isImageBusy: boolean;
  isPhraseBusy: boolean;
}

/** A row's menu (word-row): fetched once the page is idle or the learner reaches for a row's ⋮ button. */
export function WordRowMenu({ word, deferred, ...props }: WordRowMenuProps & { deferred: DeferredMenuSlot }) {
  const { t } = useTranslation();
  return (
    <DropdownMenuFromSlot deferred={deferred} align="end">
      <DropdownMenuItem disabled={props.isImageBusy} onSelect={() => props.onRegenerateImage(word)}>
        {props.isImageBusy ? (
          <LoaderCircle className="animate-spin" aria-hidden />
        ) : (
          <RefreshCw aria-hidden />
        )}
        {t('dictionary.row.regenerateImage')}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={props.isPhraseBusy} onSelect={() => props.onRegeneratePhrase(word)}>
        {props.isPhraseBusy ? (
          <LoaderCircle className="animate-spin" aria-hidden />
        ) : (
          <Sparkles aria-hidden />
        )}
        {t('dictionary.row.regeneratePhrase')}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => props.onOpenMediaLibrary(word)}>
        <Images aria-hidden />
        {t('dictionary.row.mediaLibrary')}
      </DropdownMenuItem>
    </DropdownMenuFromSlot>
  );
}
