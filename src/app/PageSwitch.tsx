import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import { matchRoute, type PageId } from '../../i18n/routes';
import { AboutPage } from '../pages/AboutPage';
import { BlogArticlePage } from '../pages/BlogArticlePage';
import { BlogIndexPage } from '../pages/BlogIndexPage';
import { ContactPage } from '../pages/ContactPage';
import { CookiesPage } from '../pages/CookiesPage';
import { FaqPage } from '../pages/FaqPage';
import { HomePage } from '../pages/HomePage';
import { HowItWorksPage } from '../pages/HowItWorksPage';
import { LegalPage } from '../pages/LegalPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ToolPage } from '../pages/ToolPage';
import { HeadSync } from './HeadSync';

const PAGES: Record<PageId, ComponentType> = {
  home: HomePage,
  tool: () => <ToolPage kind="all" />,
  photos: () => <ToolPage kind="photos" />,
  videos: () => <ToolPage kind="videos" />,
  documents: () => <ToolPage kind="documents" />,
  tiktok: () => <ToolPage kind="tiktok" />,
  instagram: () => <ToolPage kind="instagram" />,
  social: () => <ToolPage kind="social" />,
  howItWorks: HowItWorksPage,
  faq: FaqPage,
  about: AboutPage,
  privacy: () => <LegalPage kind="privacy" />,
  terms: () => <LegalPage kind="terms" />,
  contact: ContactPage,
  cookies: CookiesPage,
  blog: BlogIndexPage,
};

/** Renders the page the route table names for the current path, or the not-found page. */
export function PageSwitch() {
  const [path] = useLocation();
  const match = matchRoute(path);
  let page = <NotFoundPage />;
  if (match?.page === 'blogPost')
    page = <BlogArticlePage key={match.slug} slug={match.slug} />;
  else if (match) {
    const Page = PAGES[match.page];
    page = <Page />;
  }
  return (
    <>
      <HeadSync match={match} />
      {page}
    </>
  );
}
