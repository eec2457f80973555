import { useTranslation } from 'react-i18next';
import { Languages, LogOut } from 'lucide-react';
import { authPaths } from '../../shared/api/auth';
import { INTERFACE_LANGUAGES } from '../../shared/catalogs/appearance';
import { logOut } from '../lib/api/log-out.api';
import { changeInterfaceLanguage, isInterfaceLanguage } from '../i18n/setup';
import type { DeferredMenuSlot } from '../ui/deferred-menu.component';
import {
  DropdownMenuFromSlot,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from '../ui/dropdown-menu.component';

interface UserMenuContentProps {
  name: string;
  email: string | null | undefined;
}

/** The user menu's items, fetched once the page is idle or the learner reaches for the menu (user-menu). */
export function UserMenuContent({
  name,
  email,
  deferred,
}: UserMenuContentProps & { deferred: DeferredMenuSlot }) {
  const { t, i18n } = useTranslation();
  return (
    <DropdownMenuFromSlot deferred={deferred} align="end">
      <DropdownMenuLabel>
        <span className="block truncate font-semibold">{name}</span>
        {email ? (
          <span className="block truncate text-xs font-normal text-muted-foreground">{email}</span>
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
    </DropdownMenuFromSlot>
  );
}
