import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { loadOnce } from '../../../lib/load-once';
import { DeferredMenu } from '../../../ui/deferred-menu.component';
import type { LearnMenuContentProps } from './learn-menu-content.component';

const loadLearnMenuContent = loadOnce(
  async () => (await import('./learn-menu-content.component')).LearnMenuContent,
);

interface LearnMenuProps extends LearnMenuContentProps {
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The Learn menu (docs/product/learn.md#menu), plus a way home: the screen has no navigation bar. The screen
 * draws the button; the menu comes later (DeferredMenu).
 */
export function LearnMenu({ onOpenChange, ...menuProps }: LearnMenuProps) {
  const { t } = useTranslation();
  return (
    <DeferredMenu
      trigger={
        <Button
          variant="secondary"
          size="icon"
          className="size-12 rounded-full"
          aria-label={t('learn.bottomBar.menu')}
        >
          <Menu aria-hidden />
        </Button>
      }
      loadMenu={loadLearnMenuContent}
      menuProps={menuProps}
      onOpenChange={onOpenChange}
    />
  );
}
