// Imported by every UI part, so the tokens and base styles arrive with the first part used.
import './tokens.css';
import './base.css';
