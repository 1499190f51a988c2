"""Pages and posts from drawn art and text: PDF layout, post text per platform, HTML pages,
the posting guide, the calendar file, the digest and the reveal."""
