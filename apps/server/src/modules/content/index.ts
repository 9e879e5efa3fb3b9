// The public surface of this module (docs/architecture.md): what other modules may use.

export { sitemapArticles } from './content.service';
