import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  Eraser,
  ImagePlus,
  Images,
  KeyRound,
  RefreshCw,
  RotateCcw,
  SpellCheck,
  Tags,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { SETTINGS_API_PATH } from '../../../ui/key-required-note.component';
import type { DeferredMenuSlot } from '../../../ui/deferred-menu.component';
import {
  DropdownMenuFromSlot,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '../../../ui/dropdown-menu.component';
import type { MaintenanceAction } from './maintenance-menu.component';

const GROUPS: readonly (readonly { action: MaintenanceAction; Icon: LucideIcon }[])[] = [
  [
    { action: 'regenerateAllPhrases', Icon: RefreshCw },
    { action: 'updateTags', Icon: Tags },
    { action: 'repairArticles', Icon: SpellCheck },
    { action: 'resetListenCount', Icon: RotateCcw },
  ],
  [
    { action: 'generateMissingImages', Icon: ImagePlus },
    { action: 'regenerateAllImages', Icon: Images },
    { action: 'clearExpiredImages', Icon: Eraser },
  ],
  [
    { action: 'deleteAllAudio', Icon: Trash2 },
    { action: 'deleteWithoutImages', Icon: Trash2 },
  ],
];

/** The actions that are the language model's work (docs/product/dictionary.md#maintenance-actions). */
const LANGUAGE_MODEL_ACTIONS: ReadonlySet<MaintenanceAction> = new Set(['regenerateAllPhrases']);

export interface MaintenanceMenuContentProps {
  busyActions: ReadonlySet<MaintenanceAction>;
  /** False without a language-model key: its actions are disabled, with the reason and the way to the key. */
  hasLanguageModel: boolean;
  onAction: (action: MaintenanceAction) => void;
}

/** The maintenance menu's items (maintenance-menu), fetched once the page is idle or the learner reaches for it. */
export function MaintenanceMenuContent({
  busyActions,
  hasLanguageModel,
  onAction,
  deferred,
}: MaintenanceMenuContentProps & { deferred: DeferredMenuSlot }) {
  const { t } = useTranslation();
  const needsKeyId = useId();
  return (
    <DropdownMenuFromSlot deferred={deferred} align="end">
      {GROUPS.map((group, index) => (
        <div key={group[0]?.action ?? index}>
          {index > 0 ? <DropdownMenuSeparator /> : null}
          {group.map(({ action, Icon }) => {
            const lacksKey = !hasLanguageModel && LANGUAGE_MODEL_ACTIONS.has(action);
            return (
              <DropdownMenuItem
                key={action}
                disabled={lacksKey || busyActions.has(action)}
                aria-describedby={lacksKey ? needsKeyId : undefined}
                onSelect={() => onAction(action)}
              >
                <Icon aria-hidden />
                {t(`dictionary.maintenance.${action}`)}
              </DropdownMenuItem>
            );
          })}
          {index === 0 && !hasLanguageModel ? (
            // A disabled item cannot be focused: the reason is an item of its own, leading to the key.
            <DropdownMenuItem asChild>
              <Link to={SETTINGS_API_PATH} id={needsKeyId} className="text-muted-foreground">
                <KeyRound aria-hidden />
                {t('dictionary.maintenance.needsKey')}
              </Link>
            </DropdownMenuItem>
          ) : null}
        </div>
      ))}
    </DropdownMenuFromSlot>
  );
}
