import { HomePage } from '../features/home/home.page';
import { AppShell } from './layouts.component';

/** `/` for a signed-in learner: home inside the shell, a chunk the landing page never loads. */
export function SignedInHome() {
  return (
    <AppShell>
      <HomePage />
    </AppShell>
  );
}
