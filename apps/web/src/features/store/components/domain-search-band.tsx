import { Container, Title } from '@mantine/core';
import { PAGES } from '@vitrin/contracts';
import classes from './domain-search-band.module.css';

/**
 * The home page's domain search (issue 38): a plain GET form to the search page, with native
 * fields, so it works before any script and adds next to nothing to the home page's budget.
 */
export function DomainSearchBand() {
  return (
    <section aria-labelledby="domain-search-title">
      <Container py="lg">
        <search aria-labelledby="domain-search-title">
          <form action={PAGES.domains} method="get">
            <Title order={2} size="h3" id="domain-search-title" mb="xs">
              دامنهٔ دلخواهتان آزاد است؟
            </Title>
            <div className={classes.row}>
              <input
                className={classes.input}
                type="text"
                enterKeyHint="search"
                name="q"
                required
                // DOMAIN_QUERY_MAX_LENGTH: the constant's module (with punycode) stays off this page.
                maxLength={300}
                aria-label="نام دامنه"
                placeholder="مثلا: sara-shop.ir"
                autoCapitalize="none"
                spellCheck={false}
              />
              <button className={classes.button} type="submit">
                جست‌وجوی دامنه
              </button>
            </div>
          </form>
        </search>
      </Container>
    </section>
  );
}
