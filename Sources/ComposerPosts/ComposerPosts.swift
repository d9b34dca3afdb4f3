import PatternDetection

// What a composer does with spans: count a post per platform, complete the token at the caret,
// publish a post record, split a long draft into a thread. Built on PatternDetection's spans.
