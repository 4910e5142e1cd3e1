import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title for a page: `<page> · <product>`, in the current language. */
export function documentTitle(page: string, product: string): string {
  return page ? `${page} · ${product}` : product;
}

/**
 * Keeps the tab's title on `page` while the calling screen is shown; a language switch re-renders
 * the caller with the new `page` text, and the product name follows it here.
 */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation('common');
  const product = t('product_name');
  useEffect(() => {
    document.title = documentTitle(page, product);
  }, [page, product]);
}
