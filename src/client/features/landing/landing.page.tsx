import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookHeadphones, LogIn, Upload, Volume2 } from 'lucide-react';
import { authPaths } from '../../../shared/api/auth-paths';
import { Button } from '../../ui/button.component';

/** What a signed-out visitor sees at / (docs/product/auth.md#signed-out-visitors). */
export function LandingPage() {
  const { t } = useTranslation();
  const features = [
    { text: t('landing.featureWords'), Icon: Upload },
    { text: t('landing.featureListen'), Icon: Volume2 },
    { text: t('landing.featureBooks'), Icon: BookHeadphones },
  ];

  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-10 py-12 text-center md:py-20">
      <div className="flex flex-col items-center gap-5">
        <h1 className="text-4xl font-extrabold tracking-tight md:text-6xl">{t('landing.title')}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t('landing.subtitle')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {/* A full page load: the hosted sign-in is a server redirect, not a client route. */}
          <Button size="lg" onClick={() => window.location.assign(authPaths.hostedLogin)}>
            <LogIn aria-hidden="true" />
            {t('landing.signIn')}
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/register">{t('landing.register')}</Link>
          </Button>
        </div>
      </div>
      <section aria-labelledby="landing-features" className="w-full">
        <h2 id="landing-features" className="sr-only">
          {t('landing.featuresTitle')}
        </h2>
        <ul className="grid gap-4 text-left sm:grid-cols-3">
          {features.map(({ text, Icon }) => (
            <li key={text} className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm">
              <Icon className="size-6 text-accent-text" aria-hidden="true" />
              <p className="text-sm">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
