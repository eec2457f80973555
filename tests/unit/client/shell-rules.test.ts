import { describe, expect, it, vi } from 'vitest';
import { isNavItemActive, NAV_ITEMS } from '../../../src/client/app/nav-bar.component';
import { ruCatalog } from '../../../src/client/i18n/catalogs';
import { reasonTexts } from '../../../src/client/features/auth/auth-error.page';
import { userFirstName } from '../../../src/client/lib/user-display-name';
import { registerFormProblem } from '../../../src/client/features/auth/register.page';
import { dailyGoalPercent, describeLastStudy } from '../../../src/client/lib/progress-format';
import { stopAllAudio, trackDetachedMedia } from '../../../src/client/lib/audio/stop-all-audio';

describe('navigation', () => {
  it('marks Home only on /, and a section on its sub-paths only', () => {
    expect(isNavItemActive({ to: '/' }, '/')).toBe(true);
    expect(isNavItemActive({ to: '/' }, '/dictionary')).toBe(false);
    expect(isNavItemActive({ to: '/learn' }, '/learning')).toBe(false);
  });

  it('marks «Аудиокниги» alone active on a book, /audiobook/5, as in the library', () => {
    // The bar's own items and labels: the player itself is full screen without the bar (D10), so the rule
    // is shown here rather than in a browser.
    const labelsActiveOn = (path: string) =>
      NAV_ITEMS.filter((item) => isNavItemActive(item, path)).map(
        (item) => ruCatalog.nav[item.labelKey.slice('nav.'.length) as 'audiobooks'],
      );
    expect(labelsActiveOn('/audiobook/5')).toEqual(['Аудиокниги']);
    expect(labelsActiveOn('/audiobooks')).toEqual(['Аудиокниги']);
    expect(labelsActiveOn('/audio-test')).toEqual([]);
  });

  it('stops every playing element, detached players and speech', () => {
    const attached = { pause: vi.fn() };
    const broken = {
      pause: vi.fn(() => {
        throw new Error('bad state');
      }),
    };
    const detached = { pause: vi.fn() };
    const untrack = trackDetachedMedia(detached);
    const speechSynthesis = { cancel: vi.fn() };
    stopAllAudio({ document: { querySelectorAll: () => [broken, attached] }, speechSynthesis });
    expect(attached.pause).toHaveBeenCalled();
    expect(detached.pause).toHaveBeenCalled();
    expect(speechSynthesis.cancel).toHaveBeenCalled();
    untrack();
  });
});

describe('sign-in rules', () => {
  it('checks the match first, then the length', () => {
    const form = { firstName: '', lastName: '', email: 'a@b.c' };
    expect(registerFormProblem({ ...form, password: 'abc', confirmPassword: 'abd' })).toBe(
      'passwordMismatch',
    );
    expect(registerFormProblem({ ...form, password: 'abcde', confirmPassword: 'abcde' })).toBe(
      'passwordTooShort',
    );
    expect(registerFormProblem({ ...form, password: 'abcdef', confirmPassword: 'abcdef' })).toBeUndefined();
  });

  it('maps each auth-error reason, anything else to unknown', () => {
    expect(reasonTexts('auth_error').titleKey).toBe('authError.authErrorTitle');
    expect(reasonTexts('no_user').titleKey).toBe('authError.noUserTitle');
    expect(reasonTexts('login_failed').titleKey).toBe('authError.loginFailedTitle');
    expect(reasonTexts('toString').titleKey).toBe('authError.unknownTitle');
    expect(reasonTexts(null).titleKey).toBe('authError.unknownTitle');
  });

  it('prefers the provider claim, skipping blanks', () => {
    const user = { id: '1', email: null, lastName: null, profileImageUrl: null };
    expect(userFirstName({ ...user, firstName: 'Ana', claims: { first_name: ' Анна ' } })).toBe('Анна');
    expect(userFirstName({ ...user, firstName: 'Ana', claims: { first_name: ' ' } })).toBe('Ana');
    expect(userFirstName({ ...user, firstName: '', claims: { first_name: null } })).toBeUndefined();
  });
});

describe('progress format', () => {
  it('clamps the daily goal to 0–100 with a default goal of 10', () => {
    expect(dailyGoalPercent(5, 10)).toBe(50);
    expect(dailyGoalPercent(25, 10)).toBe(100);
    expect(dailyGoalPercent(-3, 10)).toBe(0);
    expect(dailyGoalPercent(5, 0)).toBe(50);
    expect(dailyGoalPercent(5, null)).toBe(50);
  });

  it('says Today, Never or the date', () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(describeLastStudy(null, now)).toEqual({ kind: 'never' });
    expect(describeLastStudy('garbage', now)).toEqual({ kind: 'never' });
    expect(describeLastStudy(new Date(2026, 10, 22, 8, 0).toISOString(), now)).toEqual({ kind: 'today' });
    expect(describeLastStudy(new Date(2026, 10, 20, 8, 0).toISOString(), now)).toEqual({
      kind: 'date',
      text: '20.11.2026',
    });
  });
});
