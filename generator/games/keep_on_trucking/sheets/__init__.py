"""Keep on Trucking's print-and-play sheets: the files per paper (files), the player aid's
adventures page (adventures) and its pages of flowing text in two columns (columns)."""
