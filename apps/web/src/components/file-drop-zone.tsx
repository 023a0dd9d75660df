import { useId, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';

export interface FileDropZoneProps {
  /** The zone's visible text and accessible name. */
  label: string;
  /** The file input's accept attribute (a hint only: callers check what they get). */
  accept?: string;
  /** Receives every chosen or dropped file; callers decide what "one file" means. */
  onFiles(files: File[]): void;
  disabled?: boolean;
  /** 0–100 while an upload runs; undefined otherwise. */
  progress?: number | undefined;
  /** A line under the label (e.g. the chosen file's name). */
  hint?: string | undefined;
  error?: boolean;
}

/**
 * A drop target that is also one button opening the file picker, so it works from the keyboard
 * and screen readers exactly like with a mouse.
 */
export function FileDropZone({
  label,
  accept,
  onFiles,
  disabled = false,
  progress,
  hint,
  error = false,
}: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box>
      <ButtonBase
        component="div"
        role="button"
        aria-label={label}
        // The hint is described, not named, and sits below the zone: a name that is exactly the
        // visible text inside (label-content-name-mismatch, issue 27 item 30).
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          width: '100%',
          flexDirection: 'column',
          gap: 1,
          py: 4,
          px: 2,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.paper',
          color: 'text.secondary',
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <CloudUploadOutlined fontSize="large" color={error ? 'error' : 'primary'} />
        <Typography component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {label}
        </Typography>
      </ButtonBase>
      {hint && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5, px: 0.5 }}>
          {hint}
        </Typography>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid="file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Reset so choosing the same file again still fires a change.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      {progress !== undefined && (
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label="Upload progress"
          sx={{ mt: 1 }}
        />
      )}
    </Box>
  );
}
