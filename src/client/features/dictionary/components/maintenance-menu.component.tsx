import { useTranslation } from 'react-i18next';
import { Eraser, ImagePlus, Images, RefreshCw, RotateCcw, Tags, Trash2, Wrench } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu.component';

export type MaintenanceAction =
  | 'regenerateAllPhrases'
  | 'regenerateAllImages'
  | 'generateMissingImages'
  | 'clearExpiredImages'
  | 'updateTags'
  | 'resetListenCount'
  | 'deleteAllAudio'
  | 'deleteWithoutImages';

const GROUPS: readonly (readonly { action: MaintenanceAction; Icon: typeof Wrench }[])[] = [
  [
    { action: 'regenerateAllPhrases', Icon: RefreshCw },
    { action: 'updateTags', Icon: Tags },
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

/** The dictionary-wide actions, grouped: text, pictures, and the destructive ones last. */
export function MaintenanceMenu({
  busyActions,
  onAction,
}: {
  busyActions: ReadonlySet<MaintenanceAction>;
  onAction: (action: MaintenanceAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Wrench aria-hidden />
          {t('dictionary.maintenance.menu')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
