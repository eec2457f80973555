import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { loadOnce } from '../../../lib/load-once';
import { DeferredMenu } from '../../../ui/deferred-menu.component';
import type { MaintenanceMenuContentProps } from './maintenance-menu-content.component';

export type MaintenanceAction =
  | 'regenerateAllPhrases'
  | 'regenerateAllImages'
  | 'generateMissingImages'
  | 'clearExpiredImages'
  | 'updateTags'
  | 'repairArticles'
  | 'resetListenCount'
  | 'deleteAllAudio'
  | 'deleteWithoutImages';

const loadMaintenanceMenuContent = loadOnce(
  async () => (await import('./maintenance-menu-content.component')).MaintenanceMenuContent,
);

/**
 * The dictionary-wide actions, grouped: text, pictures, and the destructive ones last. The screen draws the
 * button; the menu comes later (DeferredMenu).
 */
export function MaintenanceMenu(props: MaintenanceMenuContentProps) {
  const { t } = useTranslation();
  return (
    <DeferredMenu
      trigger={
        <Button variant="outline">
          <Wrench aria-hidden />
          {t('dictionary.maintenance.menu')}
        </Button>
      }
      loadMenu={loadMaintenanceMenuContent}
      menuProps={props}
    />
  );
}
