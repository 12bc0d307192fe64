import { createRoot, hydrateRoot } from 'react-dom/client';
import { localeFromPath, matchRoute } from '../i18n/routes';
import {
  featureMessages,
  loadMessages,
  SHELL_FEATURES,
} from '../i18n/messages';
import { App } from './app/App';
import { featuresOfRoute } from './app/pages';
import { registerServiceWorker } from './features/offline/service-worker';
import './styles/index.css';

const ROOT_ID = 'root';

/** Hydrates the prerendered page (or renders from scratch under `vite` dev, where none exists). */
async function start() {
  const container = document.getElementById(ROOT_ID);
  if (!container) return;
  const locale = localeFromPath(window.location.pathname);
  const path = window.location.pathname;
  const match = matchRoute(path);
  // The page's own messages start loading now, beside the shell's, not after hydration asks;
  // the prerendered HTML shows the blog's text, and hydration needs the same text at hand.
  for (const feature of featuresOfRoute(match))
    void featureMessages(locale.messageSet, feature);
  const blogPage = match?.page === 'blog' || match?.page === 'blogPost';
  const [messages] = await Promise.all([
    loadMessages(locale.messageSet, SHELL_FEATURES),
    // The blog's code and content load with blog pages only.
    blogPage &&
      import('./features/blog/blog-data').then((blog) =>
        blog.preloadBlogData(match, locale.messageSet),
      ),
  ]);
  const app = <App locale={locale} messages={messages} />;
  // The variant's own registration: its scope is its prefix, '/' for Portuguese.
  registerServiceWorker(locale.prefix || '/');
  // Under `vite` dev the root holds only the template comment: render instead of hydrating.
  if (container.firstElementChild) {
    hydrateRoot(container, app);
    return;
  }
  document.documentElement.lang = locale.lang;
  document.documentElement.dir = locale.dir;
  createRoot(container).render(app);
}

void start();
