import { Result } from 'antd';
import { Link } from 'react-router';

export interface NotFoundProps {
  title: string;
  text: string;
  /** Where to go instead, and the link's text. */
  backTo: string;
  backText: string;
  'data-testid'?: string;
}

/** An address with nothing behind it (an unknown page, a record that does not exist): say so and lead on. */
export function NotFound({ title, text, backTo, backText, 'data-testid': testId = 'not-found' }: NotFoundProps) {
  return <Result data-testid={testId} status="404" title={title} subTitle={text} extra={<Link to={backTo}>{backText}</Link>} />;
}
