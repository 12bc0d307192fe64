import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PageId } from '../../i18n/routes';
import { useLocalizedPath } from './locale-context';

interface PageLinkProps {
  page: PageId;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/** A client-side link to a page of the current variant. */
export function PageLink({
  page,
  className,
  children,
  onClick,
}: PageLinkProps) {
  const href = useLocalizedPath(page);
  return (
    <Link href={href} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
