import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../ui/card.component';

/** The other way in, under the card: "no account yet? Register", "have one? Sign in". */
export interface AuthCardSwitch {
  prompt: string;
  to: string;
  linkText: string;
}

interface AuthCardProps {
  /** The page's heading (its h1). */
  title: string;
  description: string;
  /** Drawn above the title, which the header then centres (the sign-in error page). */
  icon?: ReactNode;
  /** 'wide' for a page of text rather than a form. */
  width?: 'form' | 'wide';
  contentClassName?: string;
  children: ReactNode;
  /** The footer: the way to the other form, or (`actions`) the page's own buttons. */
  footer: { switchTo: AuthCardSwitch } | { actions: ReactNode };
}

/** The one card every sign-in page is: sign-in, registration and the sign-in error page. */
export function AuthCard({
  title,
  description,
  icon,
  width = 'form',
  contentClassName,
  children,
  footer,
}: AuthCardProps) {
  return (
    <div className="flex justify-center py-6 md:py-12">
      <Card className={cn('w-full', width === 'form' ? 'max-w-md' : 'max-w-lg')}>
        <CardHeader className={icon ? 'items-center text-center' : undefined}>
          {icon}
          <CardTitle as="h1" className="text-2xl font-bold">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
        {'switchTo' in footer ? (
          <CardFooter className="justify-center gap-1 text-sm">
            <span className="text-muted-foreground">{footer.switchTo.prompt}</span>
            <Link
              to={footer.switchTo.to}
              className="font-medium underline underline-offset-4 hover:no-underline"
            >
              {footer.switchTo.linkText}
            </Link>
          </CardFooter>
        ) : (
          <CardFooter className="flex-wrap justify-center gap-3">{footer.actions}</CardFooter>
        )}
      </Card>
    </div>
  );
}
