import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import classes from './rich-text-field.module.css';
import { RichTextLinkControl } from './rich-text-link-control';

// The article body's editor (issue 8): right to left, with only the formatting the server's
// allow-list keeps (article-body.ts): headings 2–4, bold, italic, underline, strike, quotes,
// lists, links (https, mailto, this site), a rule, inline code and code blocks. No h1 (the page's
// title is the h1), no colours, alignment or images: the server would strip them.

const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'پررنگ',
  italicControlLabel: 'مورب',
  underlineControlLabel: 'زیرخط',
  strikeControlLabel: 'خط‌خورده',
  clearFormattingControlLabel: 'پاک کردن قالب‌بندی',
  unlinkControlLabel: 'برداشتن پیوند',
  bulletListControlLabel: 'فهرست نشانه‌دار',
  orderedListControlLabel: 'فهرست شماره‌دار',
  h2ControlLabel: 'سرتیتر سطح ۲',
  h3ControlLabel: 'سرتیتر سطح ۳',
  h4ControlLabel: 'سرتیتر سطح ۴',
  blockquoteControlLabel: 'نقل قول',
  hrControlLabel: 'خط جداکننده',
  codeControlLabel: 'کد درون خط',
  codeBlockControlLabel: 'بلوک کد',
  undoControlLabel: 'واگرد',
  redoControlLabel: 'ازنو',
};

interface RichTextFieldProps {
  label: string;
  description?: string;
  error?: string | undefined;
  required?: boolean;
  /** The HTML the editor starts with; later changes to it are not applied (remount instead). */
  initialHtml: string;
  onChange: (html: string) => void;
}

export function RichTextField({
  label,
  description,
  error,
  required,
  initialHtml,
  onChange,
}: RichTextFieldProps) {
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const describedBy = [description ? descriptionId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: false,
          // The server sets rel itself on links to other sites and drops target.
          HTMLAttributes: { rel: null, target: null },
        },
      }),
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        dir: 'rtl',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: classes.content ?? '',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <RichTextEditor
        editor={editor}
        labels={LABELS}
        mt={4}
        className={classes.root}
        data-invalid={error ? true : undefined}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={0} aria-label="قالب‌بندی متن">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextLinkControl editor={editor} />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Code />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
