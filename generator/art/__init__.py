"""Art drawn once: pictures are described against `Surface`, which has a PDF backend
(reportlab) and a PNG backend (Pillow). Never draw the same picture twice in two libraries."""
