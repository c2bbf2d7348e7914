//! Just enough of HTML to read a problem page: elements found by tag, id and class, and
//! their text as a browser shows it (tags dropped, character references decoded, a `<pre>`'s
//! first newline dropped, line ends made `\n`).
//!
//! What it leaves to a full parser (the page is read, never rendered): implied end tags
//! (`<p>` closed by the next `<p>`) and misnested markup. An element whose end tag is missing
//! ends where its parent does; a page that is not the page asked for reads as nothing found.

/// A page split into tags and text, in document order.
pub struct Document {
    nodes: Vec<Node>,
    /// For each start tag, one past the last node of its element.
    ends: Vec<usize>,
}

enum Node {
    Open(Tag),
    Close(String),
    Text(String),
}

/// A start tag: its lowercased name and the attributes the reader asks for.
pub struct Tag {
    pub name: String,
    id: Option<String>,
    classes: Vec<String>,
}

/// Elements with no content and no end tag.
const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Elements whose content is text up to their end tag, never markup.
const RAW_TEXT: [&str; 4] = ["script", "style", "textarea", "title"];

impl Tag {
    fn is_void(&self) -> bool {
        VOID.contains(&self.name.as_str())
    }

    /// Whether this tag is what a selector part says: a name (or none), an `#id`, `.class`es.
    pub fn matches(&self, part: &str) -> bool {
        let mut rest = part;
        let name_end = rest.find(['#', '.']).unwrap_or(rest.len());
        let (name, tail) = rest.split_at(name_end);
        if !name.is_empty() && !name.eq_ignore_ascii_case(&self.name) {
            return false;
        }
        rest = tail;
        while !rest.is_empty() {
            let kind = rest.as_bytes()[0];
            let body = &rest[1..];
            let end = body.find(['#', '.']).unwrap_or(body.len());
            let value = &body[..end];
            let ok = match kind {
                b'#' => self.id.as_deref() == Some(value),
                _ => self.classes.iter().any(|c| c == value),
            };
            if !ok {
                return false;
            }
            rest = &body[end..];
        }
        true
    }
}

/// An element of a document: the index of its start tag and one past its last node.
#[derive(Clone, Copy)]
pub struct Element {
    start: usize,
    end: usize,
}

impl Document {
    /// Splits `html` into tags and text.
    pub fn parse(html: &str) -> Document {
        let text = html.replace("\r\n", "\n").replace('\r', "\n");
        let mut nodes = Vec::new();
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let Some(lt) = rest.find('<') else {
                nodes.push(Node::Text(decode(rest)));
                break;
            };
            if lt > 0 {
                nodes.push(Node::Text(decode(&rest[..lt])));
            }
            rest = &rest[lt..];
            rest = read_markup(rest, &mut nodes);
        }
        let ends = element_ends(&nodes);
        Document { nodes, ends }
    }

    /// The whole document as one element.
    pub fn root(&self) -> Element {
        Element {
            start: usize::MAX,
            end: self.nodes.len(),
        }
    }

    /// The elements inside `within` matching a selector of parts separated by spaces, each
    /// inside the one before (`#problem-info tbody tr`), in document order.
    pub fn select(&self, within: Element, selector: &str) -> Vec<Element> {
        let mut found = vec![within];
        for part in selector.split_whitespace() {
            let mut next = Vec::new();
            for outer in found {
                for e in self.descendants(outer) {
                    if self.tag(e).matches(part)
                        && !next.iter().any(|n: &Element| n.start == e.start)
                    {
                        next.push(e);
                    }
                }
            }
            found = next;
        }
        found
    }

    /// The first element of the document matching `selector`.
    pub fn first(&self, selector: &str) -> Option<Element> {
        self.select(self.root(), selector).into_iter().next()
    }

    fn tag(&self, e: Element) -> &Tag {
        match &self.nodes[e.start] {
            Node::Open(tag) => tag,
            _ => unreachable!("an element starts at its start tag"),
        }
    }

    /// Every element inside `outer`, in document order.
    fn descendants(&self, outer: Element) -> Vec<Element> {
        let first = if outer.start == usize::MAX {
            0
        } else {
            outer.start + 1
        };
        (first..outer.end)
            .filter(|&i| matches!(self.nodes[i], Node::Open(_)))
            .map(|i| Element {
                start: i,
                end: self.ends[i],
            })
            .collect()
    }

    /// The text of `e` as a browser shows it: its text nodes joined, a `<pre>`'s (or a
    /// `<textarea>`'s) one newline right after its start tag dropped.
    pub fn text(&self, e: Element) -> String {
        let mut out = String::new();
        for node in &self.nodes[e.start + 1..e.end] {
            if let Node::Text(t) = node {
                out.push_str(t);
            }
        }
        let drops_first_newline =
            matches!(self.tag(e).name.as_str(), "pre" | "textarea" | "listing");
        if drops_first_newline && out.starts_with('\n') {
            out.remove(0);
        }
        out
    }
}

/// Where each element ends, as a browser's stack of open elements closes them: an end tag
/// closes the innermost open element of its name and every element opened inside it; an
/// end tag with no open element of its name is ignored; what is open at the end ends there.
fn element_ends(nodes: &[Node]) -> Vec<usize> {
    let mut ends = vec![0; nodes.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        match node {
            Node::Open(tag) if tag.is_void() => ends[i] = i + 1,
            Node::Open(_) => open.push(i),
            Node::Close(name) => {
                let innermost = open.iter().rposition(|&o| match &nodes[o] {
                    Node::Open(t) => t.name == *name,
                    _ => false,
                });
                if let Some(p) = innermost {
                    for o in open.drain(p..) {
                        ends[o] = i + 1;
                    }
                }
            }
            Node::Text(_) => {}
        }
    }
    for o in open {
        ends[o] = nodes.len();
    }
    ends
}

/// Reads the markup at the start of `rest` (which starts with `<`) into `nodes`; returns what
/// follows it.
fn read_markup<'a>(rest: &'a str, nodes: &mut Vec<Node>) -> &'a str {
    if let Some(comment) = rest.strip_prefix("<!--") {
        return comment.find("-->").map_or("", |end| &comment[end + 3..]);
    }
    if rest.starts_with("<!") || rest.starts_with("<?") {
        return rest.find('>').map_or("", |end| &rest[end + 1..]);
    }
    if let Some(close) = rest.strip_prefix("</") {
        let end = close.find('>').unwrap_or(close.len());
        let name = tag_name(&close[..end]);
        if !name.is_empty() {
            nodes.push(Node::Close(name));
        }
        return close.get(end + 1..).unwrap_or("");
    }
    let body = &rest[1..];
    if !body.starts_with(|c: char| c.is_ascii_alphabetic()) {
        // A lone `<` is text.
        nodes.push(Node::Text("<".into()));
        return body;
    }
    let end = tag_end(body);
    let tag = read_tag(&body[..end]);
    let after = body.get(end + 1..).unwrap_or("");
    let name = tag.name.clone();
    nodes.push(Node::Open(tag));
    if RAW_TEXT.contains(&name.as_str()) {
        // Text up to the element's end tag, whatever it looks like.
        let closing = format!("</{name}");
        let stop = find_ignoring_case(after, &closing).unwrap_or(after.len());
        let raw = &after[..stop];
        let decoded = if name == "script" || name == "style" {
            raw.to_string()
        } else {
            decode(raw)
        };
        nodes.push(Node::Text(decoded));
        return &after[stop..];
    }
    after
}

/// Where the `>` closing a start tag is in `body`, quotes respected.
fn tag_end(body: &str) -> usize {
    let mut quote = None;
    for (i, c) in body.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return i,
            _ => {}
        }
    }
    body.len()
}

/// The lowercased name at the start of a tag's text.
fn tag_name(text: &str) -> String {
    text.trim_start()
        .split(|c: char| c.is_whitespace() || c == '/' || c == '>')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// A start tag's name, id and classes from its text (between `<` and `>`).
fn read_tag(text: &str) -> Tag {
    let name = tag_name(text);
    let mut tag = Tag {
        name: name.clone(),
        id: None,
        classes: Vec::new(),
    };
    let mut rest = text[text
        .find(|c: char| c.is_whitespace() || c == '/')
        .unwrap_or(text.len())..]
        .trim_start_matches('/');
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if rest.is_empty() {
            break;
        }
        let key_end = rest
            .find(|c: char| c.is_whitespace() || c == '=' || c == '/')
            .unwrap_or(rest.len());
        let key = rest[..key_end].to_ascii_lowercase();
        rest = rest[key_end..].trim_start();
        let mut value = String::new();
        if let Some(v) = rest.strip_prefix('=') {
            let v = v.trim_start();
            let (raw, after) = match v.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &v[1..];
                    let end = body.find(q).unwrap_or(body.len());
                    (&body[..end], body.get(end + 1..).unwrap_or(""))
                }
                _ => {
                    let end = v.find(char::is_whitespace).unwrap_or(v.len());
                    (&v[..end], &v[end..])
                }
            };
            value = decode(raw);
            rest = after;
        }
        match key.as_str() {
            "id" if tag.id.is_none() => tag.id = Some(value),
            "class" if tag.classes.is_empty() => {
                tag.classes = value.split_whitespace().map(str::to_string).collect()
            }
            _ => {}
        }
    }
    tag
}

/// `haystack`'s first `needle` (ASCII), case ignored.
fn find_ignoring_case(haystack: &str, needle: &str) -> Option<usize> {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    (0..h.len().checked_sub(n.len())? + 1).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Text with its character references decoded: the named ones a problem page uses
/// (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&nbsp;`) and every numeric one; any other
/// `&` is kept as it is.
pub fn decode(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match reference(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character a reference at the start of `text` stands for, and its length.
fn reference(text: &str) -> Option<(char, usize)> {
    let semi = text[..text.len().min(12)].find(';')?;
    let body = &text[1..semi];
    let c = match body {
        "lt" => '<',
        "gt" => '>',
        "amp" => '&',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        _ => {
            let number = body.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code).unwrap_or('\u{fffd}')
        }
    };
    Some((c, semi + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(html: &str, selector: &str) -> Option<String> {
        let doc = Document::parse(html);
        doc.first(selector).map(|e| doc.text(e))
    }

    /// What a browser shows for each (the HTML standard's rules, written out by hand).
    #[test]
    fn text_is_what_a_browser_shows_for_each_markup_rule() {
        let cases = [
            // A <pre>'s first newline is not content; the second is.
            ("<pre id=a>\n\n1 2\n</pre>", "pre#a", "\n1 2\n"),
            // References: named, decimal, hex; an unknown one and a lone & kept.
            (
                "<p id=a>&lt;b&gt; &amp; &#65;&#x42; &copy; a & b</p>",
                "#a",
                "<b> & AB &copy; a & b",
            ),
            // Tags inside are dropped, their text kept; comments dropped.
            (
                "<div id=a>x<b>y</b><!-- <i>no</i> -->z<br>w</div>",
                "#a",
                "xyzw",
            ),
            // Line ends as \n, whatever the file held.
            ("<pre id=a>1\r\n2\r3\n</pre>", "#a", "1\n2\n3\n"),
            // Nested elements of the same name: the outer one's text runs to its own end.
            ("<div id=a><div>1</div>2</div><div>3</div>", "#a", "12"),
            // A quoted attribute holding `>` and a single-quoted id.
            ("<span title=\"a>b\" id='t'>ok</span>", "span#t", "ok"),
            // Upper-case names and attributes.
            ("<PRE ID=\"s\" CLASS=\"x y\">v</PRE>", "pre#s.y", "v"),
            // A script's text is never markup.
            (
                "<script>var s = '<pre id=a>no</pre>';</script><pre id=a>yes</pre>",
                "pre#a",
                "yes",
            ),
        ];
        for (html, selector, want) in cases {
            assert_eq!(text_of(html, selector).as_deref(), Some(want), "{html}");
        }
    }

    #[test]
    fn a_selector_of_parts_finds_each_inside_the_one_before() {
        let html = "<table id=t><thead><tr><td>h</td></tr></thead><tbody><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></tbody></table><td>out</td>";
        let doc = Document::parse(html);
        let row = doc.first("#t tbody tr").unwrap();
        let cells: Vec<String> = doc
            .select(row, "td")
            .into_iter()
            .map(|e| doc.text(e))
            .collect();
        assert_eq!(cells, ["1", "2"]);
        assert!(doc.first(".missing").is_none());
        assert!(doc.first("#t .x").is_none());
    }

    #[test]
    fn an_unclosed_element_ends_with_its_parent_and_broken_markup_never_panics() {
        assert_eq!(
            text_of("<div id=o><span id=a>x</div>y", "#a").as_deref(),
            Some("x")
        );
        for html in [
            "<",
            "</",
            "<a",
            "<a id=\"x",
            "&#",
            "&#x;",
            "<!--",
            "<pre id=a>",
            "a < b",
        ] {
            let doc = Document::parse(html);
            let _ = doc.select(doc.root(), "pre#a a");
        }
    }
}
