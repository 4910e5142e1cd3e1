import { CloseCircleFilled } from '@ant-design/icons';

/*
 * The icon antd's Alert draws for an error, hidden from screen readers: antd's own is named in
 * English ("close-circle"), and the text beside it already says it all.
 */
export const ERROR_ICON = <CloseCircleFilled aria-hidden />;
