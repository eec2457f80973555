import { useTranslation } from 'react-i18next';
import { ChevronDown, Languages, LogOut, UserRound } from 'lucide-react';
import { authPaths } from '../../shared/api/auth';
import { INTERFACE_LANGUAGES } from '../../shared/catalogs/appearance';
import { useAuthUser } from '../lib/api/auth-user.api';
import { logOut } from '../lib/api/log-out.api';
import { userFirstName } from '../lib/user-display-name';
import { changeInterfaceLanguage, isInterfaceLanguage } from '../i18n/setup';
import { Button } from '../ui/button.component';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.component';

/**
 * First name (fallback 'Пользователь'), e-mail, interface language and logout
 * (docs/product/overview.md#navigation).
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { data: user } = useAuthUser();
  const name = userFirstName(user) ?? t('userMenu.fallbackName');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows, then what it is (docs/product/overview.md#accessibility): a voice-control
            user says the visible name to press it, so the name must contain it (WCAG 2.5.3). */}
        <Button variant="ghost" className="max-w-40 shrink-0 px-2 sm:px-3">
          <UserRound aria-hidden="true" />
          <span className="hidden truncate sm:inline">{name}</span>
          <span className="sr-only">{` ${t('userMenu.trigger')}`}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{name}</span>
          {user?.email ? (
            <span className="block truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2 text-xs font-normal text-muted-foreground">
          <Languages className="size-4" aria-hidden="true" />
          {t('language.label')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={i18n.language}
          onValueChange={(language) => {
            if (isInterfaceLanguage(language)) void changeInterfaceLanguage(language);
          }}
        >
          {INTERFACE_LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language}>
              {t(`language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logOut(authPaths.logout)}>
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
