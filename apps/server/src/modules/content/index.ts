// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { contentRoutes } from './content.routes';
export { sitemapArticles } from './content.service';
export { staffArticlesRoutes } from './staff.routes';
