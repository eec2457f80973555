import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  AArrowDown,
  AArrowUp,
  AlignCenter,
  AlignRight,
  AudioLines,
  BarChart3,
  BookImage,
  Home,
  ImagePlus,
  KeyRound,
  Languages,
  Library,
  ListMusic,
  Menu,
  Mic,
  RefreshCw,
  ScrollText,
  Volume2,
} from 'lucide-react';
import { Button } from '../../../ui/button.component';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu.component';
import { SETTINGS_API_PATH } from '../../../ui/key-required-note.component';
import { FONT_SCALE } from '../lib/player-view';

export interface PlayerMenuProps {
  alignment: 'center' | 'right';
  fontScale: number;
  isTranslationShown: boolean;
  isBilingual: boolean;
  isStatusBarShown: boolean;
  isTranscriptShown: boolean;
  isBusy: boolean;
  /** False without a language-model key: rewriting a sentence is its work, so the menu says so instead. */
  hasLanguageModel: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onToggleTranslations: () => void;
  onToggleBilingual: () => void;
  onToggleAlignment: () => void;
  onToggleStatusBar: () => void;
  onToggleTranscript: () => void;
  onFontStep: (direction: 1 | -1) => void;
  onRegenerateAudio: () => void;
  onRegenerateSpanish: () => void;
  onRegenerateRussian: () => void;
  onRegenerateImage: () => void;
  onMakeCover: () => void;
  onAudioStatus: () => void;
  onRevoice: () => void;
}

/** The player's menu (docs/product/audiobooks.md#player), plus the ways out: the screen has no navigation bar. */
export function PlayerMenu(props: PlayerMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const needsKeyId = useId();
  const lacksKey = !props.hasLanguageModel;
  const keepOpen = (action: () => void) => (event: Event) => {
    // Pressed several times while watching the sentence.
    event.preventDefault();
    action();
  };
  return (
    <DropdownMenu onOpenChange={props.onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="secondary"
          size="icon"
          className="size-12 rounded-full"
          aria-label={t('audiobookPlayer.bottomBar.menu')}
        >
          <Menu aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="max-h-[70dvh] overflow-y-auto">
        <DropdownMenuItem onSelect={props.onToggleTranslations}>
          <Languages aria-hidden />
          {props.isTranslationShown
            ? t('audiobookPlayer.menu.hideTranslations')
            : t('audiobookPlayer.menu.showTranslations')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onToggleBilingual}>
          <Mic aria-hidden />
          {props.isBilingual ? t('audiobookPlayer.menu.bilingualOff') : t('audiobookPlayer.menu.bilingualOn')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onToggleAlignment}>
          {props.alignment === 'center' ? <AlignRight aria-hidden /> : <AlignCenter aria-hidden />}
          {props.alignment === 'center'
            ? t('audiobookPlayer.menu.alignRight')
            : t('audiobookPlayer.menu.alignCenter')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onToggleStatusBar}>
          <BarChart3 aria-hidden />
          {props.isStatusBarShown
            ? t('audiobookPlayer.menu.hideStatusBar')
            : t('audiobookPlayer.menu.showStatusBar')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onToggleTranscript}>
          <ScrollText aria-hidden />
          {props.isTranscriptShown
            ? t('audiobookPlayer.menu.hideTranscript')
            : t('audiobookPlayer.menu.showTranscript')}
        </DropdownMenuItem>
        <DropdownMenuLabel className="text-muted-foreground">
          {t('audiobookPlayer.menu.fontScale', { scale: props.fontScale })}
        </DropdownMenuLabel>
        <DropdownMenuItem
          disabled={props.fontScale >= FONT_SCALE.max}
          onSelect={keepOpen(() => props.onFontStep(1))}
        >
          <AArrowUp aria-hidden />
          {t('audiobookPlayer.menu.fontBigger')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={props.fontScale <= FONT_SCALE.min}
          onSelect={keepOpen(() => props.onFontStep(-1))}
        >
          <AArrowDown aria-hidden />
          {t('audiobookPlayer.menu.fontSmaller')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={props.isBusy} onSelect={props.onRegenerateAudio}>
          <Volume2 aria-hidden />
          {t('audiobookPlayer.menu.regenerateAudio')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={props.isBusy || lacksKey}
          aria-describedby={lacksKey ? needsKeyId : undefined}
          onSelect={props.onRegenerateSpanish}
        >
          <RefreshCw aria-hidden />
          {t('audiobookPlayer.menu.regenerateSpanish')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={props.isBusy || lacksKey}
          aria-describedby={lacksKey ? needsKeyId : undefined}
          onSelect={props.onRegenerateRussian}
        >
          <RefreshCw aria-hidden />
          {t('audiobookPlayer.menu.regenerateRussian')}
        </DropdownMenuItem>
        {lacksKey ? (
          // A disabled item cannot be focused: the reason is an item of its own, leading to the key
          // (docs/product/decisions.md#keys-before-they-are-needed).
          <DropdownMenuItem asChild>
            <Link to={SETTINGS_API_PATH} id={needsKeyId} className="text-muted-foreground">
              <KeyRound aria-hidden />
              {t('audiobookPlayer.menu.textNeedsKey')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem disabled={props.isBusy} onSelect={props.onRegenerateImage}>
          <ImagePlus aria-hidden />
          {t('audiobookPlayer.menu.regenerateImage')}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={props.isBusy} onSelect={props.onMakeCover}>
          <BookImage aria-hidden />
          {t('audiobookPlayer.menu.makeCover')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onAudioStatus}>
          <ListMusic aria-hidden />
          {t('audiobookPlayer.menu.audioStatus')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onRevoice}>
          <AudioLines aria-hidden />
          {t('audiobookPlayer.menu.revoice')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/audiobooks')}>
          <Library aria-hidden />
          {t('audiobookPlayer.backToLibrary')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/')}>
          <Home aria-hidden />
          {t('audiobookPlayer.menu.home')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
