import { useTranslation } from 'react-i18next';
import { ChevronDown, UserRound } from 'lucide-react';
import { useAuthUser } from '../lib/api/auth-user.api';
import { userFirstName } from '../lib/user-display-name';
import { Button } from '../ui/button.component';
import { loadOnce } from '../lib/load-once';
import { DeferredMenu } from '../ui/deferred-menu.component';

const loadUserMenuContent = loadOnce(
  async () => (await import('./user-menu-content.component')).UserMenuContent,
);

/**
 * First name (fallback 'Пользователь'), e-mail, interface language and logout
 * (docs/product/overview.md#navigation). The bar draws the trigger; the menu comes later (DeferredMenu).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const name = userFirstName(user) ?? t('userMenu.fallbackName');

  return (
    <DeferredMenu
      trigger={
        // Named by what it shows, then what it is (docs/product/overview.md#accessibility): a voice-control
        // user says the visible name to press it, so the name must contain it (WCAG 2.5.3).
        <Button variant="ghost" className="max-w-40 shrink-0 px-2 sm:px-3">
          <UserRound aria-hidden="true" />
          <span className="hidden truncate sm:inline">{name}</span>
          <span className="sr-only">{` ${t('userMenu.trigger')}`}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      }
      loadMenu={loadUserMenuContent}
      menuProps={{ name, email: user?.email }}
    />
  );
}
