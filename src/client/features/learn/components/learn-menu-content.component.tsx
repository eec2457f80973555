import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AArrowDown,
  AArrowUp,
  AlignCenter,
  AlignRight,
  BarChart3,
  Home,
  ImagePlus,
  KeyRound,
  LogOut,
  MessageSquarePlus,
  Volume2,
} from 'lucide-react';
import { authPaths } from '../../../../shared/api/auth';
import { logOut } from '../../../lib/api/log-out.api';
import type { DeferredMenuSlot } from '../../../ui/deferred-menu.component';
import {
  DropdownMenuFromSlot,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../../ui/dropdown-menu.component';
import { SETTINGS_API_PATH } from '../../../ui/key-required-note.component';
import { LEARN_FONT_SCALE } from '../lib/card-text';

export interface LearnMenuContentProps {
  alignment: 'center' | 'right';
  isStatsBarShown: boolean;
  fontScale: number;
  isBusy: boolean;
  /** False without a language-model key: a new phrase is its work, so the item says so instead. */
  hasLanguageModel: boolean;
  onToggleAlignment: () => void;
  onToggleStatsBar: () => void;
  onFontStep: (direction: 1 | -1) => void;
  onRegeneratePhrase: () => void;
  onRegenerateAudio: () => void;
  onChooseImageStyle: () => void;
}

/** The Learn menu's items (learn-menu), fetched once the page is idle or the learner reaches for the menu. */
export function LearnMenuContent({
  deferred,
  ...props
}: LearnMenuContentProps & { deferred: DeferredMenuSlot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const needsKeyId = useId();
  return (
    <DropdownMenuFromSlot deferred={deferred} side="top" align="start">
      <DropdownMenuItem onSelect={props.onToggleAlignment}>
        {props.alignment === 'center' ? <AlignRight aria-hidden /> : <AlignCenter aria-hidden />}
        {props.alignment === 'center' ? t('learn.menu.alignRight') : t('learn.menu.alignCenter')}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={props.onToggleStatsBar}>
        <BarChart3 aria-hidden />
        {props.isStatsBarShown ? t('learn.menu.hideStats') : t('learn.menu.showStats')}
      </DropdownMenuItem>
      <DropdownMenuLabel className="text-muted-foreground">
        {t('learn.menu.fontScale', { scale: props.fontScale })}
      </DropdownMenuLabel>
      <DropdownMenuItem
        disabled={props.fontScale >= LEARN_FONT_SCALE.max}
        onSelect={(event) => {
          // The learner usually presses it several times while watching the card.
          event.preventDefault();
          props.onFontStep(1);
        }}
      >
        <AArrowUp aria-hidden />
        {t('learn.menu.fontBigger')}
      </DropdownMenuItem>
      <DropdownMenuItem
        disabled={props.fontScale <= LEARN_FONT_SCALE.min}
        onSelect={(event) => {
          event.preventDefault();
          props.onFontStep(-1);
        }}
      >
        <AArrowDown aria-hidden />
        {t('learn.menu.fontSmaller')}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        disabled={props.isBusy || !props.hasLanguageModel}
        aria-describedby={props.hasLanguageModel ? undefined : needsKeyId}
        onSelect={props.onRegeneratePhrase}
      >
        <MessageSquarePlus aria-hidden />
        {t('learn.menu.regeneratePhrase')}
      </DropdownMenuItem>
      {props.hasLanguageModel ? null : (
        // A disabled item cannot be focused: the reason is an item of its own, leading to the key.
        <DropdownMenuItem asChild>
          <Link to={SETTINGS_API_PATH} id={needsKeyId} className="text-muted-foreground">
            <KeyRound aria-hidden />
            {t('learn.menu.phraseNeedsKey')}
          </Link>
        </DropdownMenuItem>
      )}
      <DropdownMenuItem disabled={props.isBusy} onSelect={props.onRegenerateAudio}>
        <Volume2 aria-hidden />
        {t('learn.menu.regenerateAudio')}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={props.isBusy} onSelect={props.onChooseImageStyle}>
        <ImagePlus aria-hidden />
        {t('learn.menu.imageStyle')}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void navigate('/')}>
        <Home aria-hidden />
        {t('learn.home')}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => void logOut(authPaths.learnLogout)}>
        <LogOut aria-hidden />
        {t('learn.menu.logout')}
      </DropdownMenuItem>
    </DropdownMenuFromSlot>
  );
}
