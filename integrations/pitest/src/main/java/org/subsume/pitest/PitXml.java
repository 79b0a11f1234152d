package org.subsume.pitest;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.pitest.mutationtest.engine.MutationDetails;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * PIT's mutations.xml, as PIT's XML report writes it: written for the
 * mutants of one class before any test runs (status NOT_STARTED), and
 * read back from {@code subsume check --format pit}, which writes the
 * same file with status="EQUIVALENT" on the mutants it proved.
 */
final class PitXml {

  private PitXml() {
  }

  /** What identifies a mutant in PIT: its method, mutator and indexes. */
  static String key(String clazz, String method, String desc, String mutator,
      List<Integer> indexes) {
    return clazz + " " + method + desc + " " + mutator + " " + indexes;
  }

  static String key(MutationDetails m) {
    return key(m.getClassName().asJavaName(), m.getMethod(),
        m.getId().getLocation().getMethodDesc(), m.getMutator(),
        m.getId().getIndexes());
  }

  static void write(Path file, Collection<MutationDetails> mutants)
      throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mutations>\n");
      for (MutationDetails m : mutants) {
        w.write("<mutation detected='false' status='NOT_STARTED'"
            + " numberOfTestsRun='0'>");
        elem(w, "sourceFile", m.getFilename());
        elem(w, "mutatedClass", m.getClassName().asJavaName());
        elem(w, "mutatedMethod", m.getMethod());
        elem(w, "methodDescription", m.getId().getLocation().getMethodDesc());
        elem(w, "lineNumber", Integer.toString(m.getLineNumber()));
        elem(w, "mutator", m.getMutator());
        w.write("<indexes>");
        for (Integer i : m.getId().getIndexes()) {
          elem(w, "index", Integer.toString(i));
        }
        w.write("</indexes><blocks>");
        for (Integer b : m.getBlocks()) {
          elem(w, "block", Integer.toString(b));
        }
        w.write("</blocks><killingTest/>");
        elem(w, "description", m.getDescription());
        w.write("</mutation>\n");
      }
      w.write("</mutations>\n");
    }
  }

  private static void elem(Writer w, String name, String text)
      throws IOException {
    w.write('<');
    w.write(name);
    w.write('>');
    w.write(escape(text == null ? "" : text));
    w.write("</");
    w.write(name);
    w.write('>');
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&': b.append("&amp;"); break;
        case '<': b.append("&lt;"); break;
        case '>': b.append("&gt;"); break;
        case '"': b.append("&quot;"); break;
        case '\'': b.append("&apos;"); break;
        default: b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * The statuses of the mutants of a mutations.xml, by {@link #key};
   * an IOException when it is not one (not XML, no mutations element,
   * a mutation without its fields, a key twice).
   */
  static Map<String, String> statuses(Path file) throws IOException {
    Document doc;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl",
          true);
      f.setExpandEntityReferences(false);
      DocumentBuilder db = f.newDocumentBuilder();
      db.setErrorHandler(new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
          // a warning is no reason to distrust the file
        }

        @Override
        public void error(SAXParseException e) throws SAXParseException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXParseException {
          throw e;
        }
      });
      doc = db.parse(file.toFile());
    } catch (Exception e) {
      throw new IOException("not XML: " + e.getMessage(), e);
    }
    Element root = doc.getDocumentElement();
    if (!"mutations".equals(root.getTagName())) {
      throw new IOException("root element <" + root.getTagName()
          + ">, not <mutations>");
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    NodeList ms = root.getElementsByTagName("mutation");
    for (int i = 0; i < ms.getLength(); i++) {
      Element m = (Element) ms.item(i);
      List<Integer> idx = new ArrayList<>();
      Element indexes = child(m, "indexes");
      if (indexes != null) {
        NodeList is = indexes.getElementsByTagName("index");
        for (int j = 0; j < is.getLength(); j++) {
          try {
            idx.add(Integer.valueOf(is.item(j).getTextContent().trim()));
          } catch (NumberFormatException e) {
            throw new IOException("mutation " + (i + 1) + ": index "
                + is.item(j).getTextContent());
          }
        }
      }
      String k = key(text(m, "mutatedClass", i), text(m, "mutatedMethod", i),
          text(m, "methodDescription", i), text(m, "mutator", i), idx);
      if (out.put(k, m.getAttribute("status")) != null) {
        throw new IOException("mutant twice: " + k);
      }
    }
    return out;
  }

  private static Element child(Element e, String name) {
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && name.equals(((Element) n).getTagName())) {
        return (Element) n;
      }
    }
    return null;
  }

  private static String text(Element m, String name, int i)
      throws IOException {
    Element c = child(m, name);
    if (c == null) {
      throw new IOException("mutation " + (i + 1) + " has no <" + name + ">");
    }
    return c.getTextContent();
  }
}
