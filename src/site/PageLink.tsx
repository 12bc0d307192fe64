import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { normalizePath, type PageId } from '../../i18n/routes';
import { useLocalizedPath } from './locale-context';

interface PageLinkProps {
  page: PageId;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/** A client-side link to a page of the current variant, marked as current when it is. */
export function PageLink({
  page,
  className,
  children,
  onClick,
}: PageLinkProps) {
  const href = useLocalizedPath(page);
  const [path] = useLocation();
  const current = normalizePath(path) === href;
  return (
    <Link
      href={href}
      className={className}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}
