/**
 * The SPA's queries to the content API (/graphql, schema in contract/content.graphql). A unit test
 * validates each one against that schema, so a renamed field fails the build's tests, not a visitor.
 */

const SPEC_SHEET_FIELDS = /* GraphQL */ `
  fragment SpecSheetFields on SpecSheet {
    slug
    title
    mediaType
    summary
    sections {
      heading
      body
    }
    specs {
      label
      value
    }
    deadlines {
      label
      rule
    }
    shopPath
    updatedAt
  }
`;

/**
 * Every sheet, whole: /specs searches them in the browser as the visitor types, so a search needs no
 * request (and still works when the network does not).
 */
export const SPEC_SHEET_LIST = /* GraphQL */ `
  query SpecSheetList($after: String) {
    specSheets(first: 50, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...SpecSheetFields
      }
    }
  }
  ${SPEC_SHEET_FIELDS}
`;

export const SPEC_SHEET = /* GraphQL */ `
  query SpecSheet($slug: String!) {
    specSheet(slug: $slug) {
      ...SpecSheetFields
    }
  }
  ${SPEC_SHEET_FIELDS}
`;

const ARTICLE_CARD = /* GraphQL */ `
  fragment ArticleCard on Article {
    slug
    title
    summary
    readingMinutes
    publishedAt
    category {
      slug
      name
    }
  }
`;

/** A page of articles for the hub's list. */
const ARTICLE_PAGE = /* GraphQL */ `
  fragment ArticlePage on ArticleConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      ...ArticleCard
    }
  }
  ${ARTICLE_CARD}
`;

export const RESOURCE_HUB = /* GraphQL */ `
  query ResourceHub($category: String, $first: Int, $after: String) {
    articleCategories {
      slug
      name
      description
      articleCount
    }
    articles(category: $category, first: $first, after: $after) {
      ...ArticlePage
    }
  }
  ${ARTICLE_PAGE}
`;

export const MORE_ARTICLES = /* GraphQL */ `
  query MoreArticles($category: String, $first: Int, $after: String) {
    articles(category: $category, first: $first, after: $after) {
      ...ArticlePage
    }
  }
  ${ARTICLE_PAGE}
`;

export const ARTICLE = /* GraphQL */ `
  query Article($slug: String!) {
    article(slug: $slug) {
      slug
      title
      summary
      readingMinutes
      publishedAt
      body {
        heading
        paragraphs
      }
      category {
        slug
        name
        articles(first: 4) {
          nodes {
            slug
            title
            readingMinutes
          }
        }
      }
      relatedSpecSheets {
        slug
        title
        mediaType
        summary
      }
    }
  }
`;

export const DESIGN_HELP = /* GraphQL */ `
  query DesignHelp {
    designHelp {
      title
      summary
      intro
      packages {
        mediacode
        name
        price
        priceFormatted
        includes
        turnaroundBusinessDays
      }
      steps {
        title
        body
      }
      faq {
        question
        answer
      }
    }
  }
`;

export const CONTENT_QUERIES = {
  SPEC_SHEET_LIST,
  SPEC_SHEET,
  RESOURCE_HUB,
  MORE_ARTICLES,
  ARTICLE,
  DESIGN_HELP,
} as const;
