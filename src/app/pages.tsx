import { lazy, type ComponentType } from 'react';
import type { MessageFeature } from '../../i18n/messages';
import type { matchRoute, PageId } from '../../i18n/routes';
import { FeatureMessages } from '../site/FeatureMessages';

const AboutPage = lazy(() =>
  import('../pages/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const BlogArticlePage = lazy(() =>
  import('../pages/BlogArticlePage').then((m) => ({
    default: m.BlogArticlePage,
  })),
);
const BlogIndexPage = lazy(() =>
  import('../pages/BlogIndexPage').then((m) => ({ default: m.BlogIndexPage })),
);
const ContactPage = lazy(() =>
  import('../pages/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const CookiesPage = lazy(() =>
  import('../pages/CookiesPage').then((m) => ({ default: m.CookiesPage })),
);
const FaqPage = lazy(() =>
  import('../pages/FaqPage').then((m) => ({ default: m.FaqPage })),
);
const HomePage = lazy(() =>
  import('../pages/HomePage').then((m) => ({ default: m.HomePage })),
);
const HowItWorksPage = lazy(() =>
  import('../pages/HowItWorksPage').then((m) => ({
    default: m.HowItWorksPage,
  })),
);
const LegalPage = lazy(() =>
  import('../pages/LegalPage').then((m) => ({ default: m.LegalPage })),
);
/** The not-found page, in its own chunk like every page. */
export const NotFoundPage = lazy(() =>
  import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const ToolPage = lazy(() =>
  import('../pages/ToolPage').then((m) => ({ default: m.ToolPage })),
);

/**
 * The message features a page needs beyond the shell's, loaded with its code. The report's come
 * with the full uploader, on the visitor's first move towards it (`DeferredUploader`).
 */
const TOOL_FEATURES = ['tool', 'uploader'];
const PAGE_FEATURES: Partial<Record<PageId, readonly MessageFeature[]>> = {
  home: ['home', 'faq'],
  tool: TOOL_FEATURES,
  photos: TOOL_FEATURES,
  videos: TOOL_FEATURES,
  documents: TOOL_FEATURES,
  tiktok: TOOL_FEATURES,
  instagram: TOOL_FEATURES,
  social: TOOL_FEATURES,
  howItWorks: ['how-it-works', 'tool', 'offline'],
  faq: ['faq'],
  about: ['about'],
  privacy: ['legal'],
  terms: ['legal'],
  contact: ['contact'],
  cookies: ['consent'],
  blog: ['blog'],
};
const ARTICLE_FEATURES: readonly MessageFeature[] = ['blog'];

export function pageFeatures(page: PageId): readonly MessageFeature[] {
  return PAGE_FEATURES[page] ?? [];
}

/** The message features the page at a matched route needs (none for the not-found page). */
export function featuresOfRoute(
  match: ReturnType<typeof matchRoute>,
): readonly MessageFeature[] {
  if (!match) return [];
  return match.page === 'blogPost'
    ? ARTICLE_FEATURES
    : pageFeatures(match.page);
}

/** One blog article, with the blog's messages. */
export function BlogArticle({ slug }: { slug: string }) {
  return (
    <FeatureMessages features={ARTICLE_FEATURES}>
      <BlogArticlePage slug={slug} />
    </FeatureMessages>
  );
}

const CONTENT: Record<PageId, ComponentType> = {
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

function withFeatures(page: PageId, Content: ComponentType): ComponentType {
  const features = pageFeatures(page);
  return function PageWithMessages() {
    return (
      <FeatureMessages features={features}>
        <Content />
      </FeatureMessages>
    );
  };
}

/** Every page of the route table, each loaded on first use (the prerender waits for them all). */
export const PAGES = Object.fromEntries(
  Object.entries(CONTENT).map(([page, Content]) => [
    page,
    withFeatures(page as PageId, Content),
  ]),
) as Record<PageId, ComponentType>;
