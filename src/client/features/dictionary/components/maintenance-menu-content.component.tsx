import { useTranslation } from 'react-i18next';
import {
  Eraser,
  ImagePlus,
  Images,
  RefreshCw,
  RotateCcw,
  SpellCheck,
  Tags,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
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

export interface MaintenanceMenuContentProps {
  busyActions: ReadonlySet<MaintenanceAction>;
  onAction: (action: MaintenanceAction) => void;
}

/** The maintenance menu's items (maintenance-menu), fetched once the page is idle or the learner reaches for it. */
export function MaintenanceMenuContent({
  busyActions,
  onAction,
  deferred,
}: MaintenanceMenuContentProps & { deferred: DeferredMenuSlot }) {
  const { t } = useTranslation();
  return (
    <DropdownMenuFromSlot deferred={deferred} align="end">
      {GROUPS.map((group, index) => (
        <div key={group[0]?.action ?? index}>
          {index > 0 ? <DropdownMenuSeparator /> : null}
          {group.map(({ action, Icon }) => (
            <DropdownMenuItem
              key={action}
              disabled={busyActions.has(action)}
              onSelect={() => onAction(action)}
            >
              <Icon aria-hidden />
              {t(`dictionary.maintenance.${action}`)}
            </DropdownMenuItem>
          ))}
        </div>
      ))}
    </DropdownMenuFromSlot>
  );
}
