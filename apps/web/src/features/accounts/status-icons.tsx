import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';

/*
 * The icons antd's Alert and Result draw for a status, hidden from screen readers: antd's own name
 * them in English ("close-circle"), and the text beside them already says it all.
 */
export const ERROR_ICON = <CloseCircleFilled aria-hidden />;
export const SUCCESS_ICON = <CheckCircleFilled aria-hidden />;
